import type { Metadata } from 'next';
import { ContactForm } from '@/components/contact/ContactForm';
import { PageIntro } from '@/components/guides/PageIntro';
import { PageBody } from '@/components/layout/PageBody';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Contact Us',
  description: 'Questions, feedback or a title you would like to see? Send the Solenema team a message.',
  path: routes.contact,
  coverimg: null,
});

export default function ContactPage() {
  return (
    <PageBody width="narrow">
      <PageIntro eyebrow="Contact" title="Contact Us">
        <p>Questions, feedback or a title you would like to see? Write to us and we will answer by email.</p>
      </PageIntro>
      <ContactForm />
    </PageBody>
  );
}
