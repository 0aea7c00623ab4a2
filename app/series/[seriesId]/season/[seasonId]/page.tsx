import { seasonPage } from '@/app/_title/titlePages';

// The seasons of the most popular series are built ahead; the others render on their first visit.
export const dynamicParams = true;
export const generateStaticParams = seasonPage.generateStaticParams;
export const generateMetadata = seasonPage.generateMetadata;
export default seasonPage.Page;
