import { titlePathSchema } from '@/lib/catalog/schemas';
import { refuse } from '@/lib/errors';
import { apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { previewAnswer } from '@/lib/payments/playback/preview-answer';

/** `/api/preview/trailers/abc/240p.m3u8`: the video's path, then the file. */
const asked = (file: string[]) => ({ path: file.slice(0, -1).join('/'), name: file.at(-1) ?? '' });

/** A locked title's free preview (its `previewSeconds`), to any visitor: no wallet, no cookie. 404 past it. */
export const GET = apiRoute<{ file: string[] }, 'optional'>(
  {
    name: 'preview',
    limit: 'media',
    browser: 'optional',
    precheck: ({ params }) =>
      titlePathSchema.safeParse(asked(params.file).path).success ? null : refuse('not_found', 'No such title: a preview is /api/preview/{title path}/{file}.'),
    unavailable: 'The preview is unavailable just now. Please try again in a moment.',
  },
  async ({ params }) => {
    const { path, name } = asked(params.file);
    return previewAnswer(path, name);
  },
);

export const HEAD = GET;

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
