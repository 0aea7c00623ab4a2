import { ShareDialog } from '@/components/share/ShareDialog';
import { sharedTitle } from '../../../_title/sharedTitle';

/** A Share button's click on a title page: the share page, opened over the title as a dialog (app/share is the page itself). */
export default async function ShareOverTitle({ params }: { params: Promise<{ path: string[] }> }) {
  const shared = await sharedTitle((await params).path);
  return shared && <ShareDialog url={shared.url} title={shared.title} />;
}
