import { browseRoute } from '../_browse/browseRoute';

const route = browseRoute('shortFilms');
export const generateMetadata = route.generateMetadata;
export default route.Page;
