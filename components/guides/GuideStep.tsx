import Image from 'next/image';
import styles from './guides.module.css';

type Props = { step: number; title: string; illustration: string; illustrationAlt: string; children: React.ReactNode };

/** One numbered step of a guide, with its illustration. */
export function GuideStep({ step, title, illustration, illustrationAlt, children }: Props) {
  return (
    <li className={styles.step}>
      <div className={styles.stepText}>
        <p className={styles.stepNumber} aria-hidden="true">
          {String(step).padStart(2, '0')}
        </p>
        <h2 className={styles.stepTitle}>
          <span className="visually-hidden">Step {step}: </span>
          {title}
        </h2>
        <div className={styles.stepBody}>{children}</div>
      </div>
      <Image className={styles.illustration} src={illustration} alt={illustrationAlt} width={640} height={400} />
    </li>
  );
}
