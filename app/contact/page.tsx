import type { Metadata } from 'next';
import { ContactForm } from '@/components/contact/ContactForm';
import { PageIntro } from '@/components/guides/PageIntro';
import { PageBody } from '@/components/layout/PageBody';

export const revalidate = 300;

export const metadata: Metadata = {
  title: 'Contact Us',
  description: 'Questions, feedback or a title you would like to see? Send the Solenema team a message.',
};

export default function ContactPage() {
  return (
    <PageBody narrow>
      <PageIntro eyebrow="Contact" title="Contact Us">
        <p>Questions, feedback or a title you would like to see? Write to us and we will answer by email.</p>
      </PageIntro>
      <ContactForm />
    </PageBody>
  );
}
