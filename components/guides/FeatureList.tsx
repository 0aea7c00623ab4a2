import styles from './guides.module.css';

export type Feature = { title: string; text: string };

/** A grid of short benefit statements. */
export function FeatureList({ features }: { features: Feature[] }) {
  return (
    <ul className={styles.features}>
      {features.map((feature) => (
        <li key={feature.title} className={styles.feature}>
          <h3 className={styles.featureTitle}>{feature.title}</h3>
          <p className={styles.featureText}>{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
