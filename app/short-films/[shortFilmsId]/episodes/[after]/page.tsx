import { shortFilmEpisodesPage } from '@/app/_title/titlePages';

// The further episodes of a long short film: rendered on first visit, then cached.
export const dynamicParams = true;
export const generateStaticParams = shortFilmEpisodesPage.generateStaticParams;
export const generateMetadata = shortFilmEpisodesPage.generateMetadata;
export default shortFilmEpisodesPage.Page;
