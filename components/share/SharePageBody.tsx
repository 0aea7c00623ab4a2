import { PageIntro } from '../guides/PageIntro';
import { PageBody } from '../layout/PageBody';
import { BackLink } from '../ui/BackLink';
import { ShareSheet, type SharedPage } from './ShareSheet';
import styles from './ShareSheet.module.css';

/** A title's share page on its own (app/share): back to the title, what it is, and its link to copy or share. */
export function SharePageBody({ page, url, title }: SharedPage & { page: string }) {
  return (
    <PageBody width="narrow">
      <div className={styles.back}>
        <BackLink href={page}>Back to {title}</BackLink>
      </div>
      <PageIntro eyebrow="Share" title={title}>
        <p>Copy this link to post it anywhere: it opens {title} on Solenema.</p>
      </PageIntro>
      <ShareSheet url={url} title={title} />
    </PageBody>
  );
}
