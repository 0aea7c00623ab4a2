import { moviePage } from '@/app/_title/titlePages';

// The most popular trailers and documentaries are built ahead; the others render on their first visit.
export const dynamicParams = true;
export const generateStaticParams = moviePage.generateStaticParams;
export const generateMetadata = moviePage.generateMetadata;
export default moviePage.Page;
