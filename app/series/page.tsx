import { browseRoute } from '../_browse/browseRoute';

const route = browseRoute('series');
export const generateMetadata = route.generateMetadata;
export default route.Page;
