import { browseRoute } from '../_browse/browseRoute';

const route = browseRoute('trailers');
export const generateMetadata = route.generateMetadata;
export default route.Page;
