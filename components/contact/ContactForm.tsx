'use client';

import { useState } from 'react';
import { publicEnv } from '@/lib/env/public';
import button from '../ui/button.module.css';
import styles from './ContactForm.module.css';

type Status = 'idle' | 'sending' | 'sent' | 'failed';

const MESSAGES: Partial<Record<Status, string>> = {
  sent: 'Message sent successfully!',
  failed: 'Failed to send message. Please try again.',
};

/** Sends the form through EmailJS (fields user_name, user_email, message); the form resets either way. */
async function send(form: HTMLFormElement) {
  const { serviceId, templateId, publicKey } = publicEnv.emailjs;
  if (!serviceId || !templateId || !publicKey) throw new Error('EmailJS is not configured (NEXT_PUBLIC_EMAILJS_*)');
  // Loaded on the first submit: most visitors of this page never send anything.
  const { sendForm } = await import('@emailjs/browser');
  await sendForm(serviceId, templateId, form, { publicKey });
}

export function ContactForm() {
  const [status, setStatus] = useState<Status>('idle');
  const message = MESSAGES[status];

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setStatus('sending');
    try {
      await send(form);
      setStatus('sent');
    } catch (error) {
      console.error('[contact] the message could not be sent', error);
      setStatus('failed');
    } finally {
      form.reset();
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Contact Us">
      <div className={styles.field}>
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="user_name" type="text" autoComplete="name" required />
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-email">Email</label>
        <input id="contact-email" name="user_email" type="email" autoComplete="email" required />
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={6} required />
      </div>
      <button type="submit" className={`${button.button} ${button.primary} ${styles.submit}`} disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending…' : 'Send Message'}
      </button>
      {message && (
        <p role="alert" className={styles.notice} data-status={status}>
          {message}
        </p>
      )}
    </form>
  );
}
