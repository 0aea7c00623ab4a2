import { browseRoute } from '@/components/browse/browseRoute';

const route = browseRoute('shortFilms');
export const generateMetadata = route.generateMetadata;
export default route.Page;
