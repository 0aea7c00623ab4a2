import { browseRoute } from '@/components/browse/browseRoute';

const route = browseRoute('series');
export const generateMetadata = route.generateMetadata;
export default route.Page;
