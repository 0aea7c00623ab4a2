import { shortFilmPage } from '@/app/_title/titlePages';

// The most popular short films are built ahead; the others render on their first visit.
export const dynamicParams = true;
export const generateStaticParams = shortFilmPage.generateStaticParams;
export const generateMetadata = shortFilmPage.generateMetadata;
export default shortFilmPage.Page;
