import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { studioOnly } from '@/lib/api/studio';
import { codeFormSchema, createStudioCode } from '@/lib/studio/codes';

/** POST /api/studio/codes: a studio wallet makes a code (percent or amount off, scope, dates, cap). Studio sessions only. */
export const POST = apiRoute(
  {
    name: 'studio codes',
    limit: 'studio',
    sameOrigin: true,
    body: codeFormSchema,
    browser: 'optional',
    precheck: studioOnly,
    unavailable: 'The code could not be saved just now. Please try again in a moment.',
  },
  async ({ body }) => {
    const made = await createStudioCode(body);
    return made.ok ? answer({ code: made.code.code }) : made;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
