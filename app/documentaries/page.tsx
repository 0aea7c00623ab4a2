import { browseRoute } from '../_browse/browseRoute';

const route = browseRoute('documentaries');
export const generateMetadata = route.generateMetadata;
export default route.Page;
