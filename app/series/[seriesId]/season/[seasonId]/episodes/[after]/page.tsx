import { seasonEpisodesPage } from '@/app/_title/titlePages';

// The further episodes of a long season: rendered on first visit, then cached.
export const dynamicParams = true;
export const generateStaticParams = seasonEpisodesPage.generateStaticParams;
export const generateMetadata = seasonEpisodesPage.generateMetadata;
export default seasonEpisodesPage.Page;
