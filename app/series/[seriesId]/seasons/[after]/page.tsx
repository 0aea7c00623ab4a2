import { seriesSeasonsPage } from '@/app/_title/titlePages';

// The further seasons of a long series: rendered on first visit, then cached.
export const dynamicParams = true;
export const generateStaticParams = seriesSeasonsPage.generateStaticParams;
export const generateMetadata = seriesSeasonsPage.generateMetadata;
export default seriesSeasonsPage.Page;
