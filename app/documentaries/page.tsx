import { browseRoute } from '@/components/browse/browseRoute';

const route = browseRoute('documentaries');
export const generateMetadata = route.generateMetadata;
export default route.Page;
