import { seriesPage } from '@/app/_title/titlePages';

// The most popular series are built ahead; the others render on their first visit. Unknown ids answer 404.
export const dynamicParams = true;
export const generateStaticParams = seriesPage.generateStaticParams;
export const generateMetadata = seriesPage.generateMetadata;
export default seriesPage.Page;
