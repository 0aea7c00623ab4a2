'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { InfoIcon, PauseIcon, PlayIcon, VolumeOffIcon, VolumeOnIcon } from '../ui/icons';
import button from '../ui/button.module.css';
import { prefersReducedMotion } from '../ui/motion';
import styles from './Hero.module.css';

const STORAGE_KEY = 'solenema:hero-playback';

type Props = {
  videoSrc: string;
  /** Drawn under the video, which is transparent until it plays: an image the server renders, with its srcset. */
  poster: React.ReactNode;
  videoLabel: string;
  description: string;
  children: React.ReactNode;
};

/** Data Saver (Chrome's `navigator.connection.saveData`; the DOM types do not have it yet). */
const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** Starts playback; a refusal by the autoplay policy means the visitor has not asked for it yet. */
function start(video: HTMLVideoElement, wantsPlay: React.RefObject<boolean>) {
  video.play().catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'NotAllowedError') wantsPlay.current = false;
  });
}

/**
 * The hero's video and controls. `wantsPlay` is the visitor's choice: it survives a reload
 * (saved on page hide) and decides whether the video resumes when scrolled back fully into view.
 */
export function HeroStage({ videoSrc, poster, videoLabel, description, children }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const wantsPlay = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [infoOpen, setInfoOpen] = useState(false);
  // Set once the restored choice has been applied, so tests and styles can tell "decided" from "not yet".
  const [settled, setSettled] = useState(false);
  const infoId = useId();

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // The loop is decoration: a phone asking for less data, or for less motion, starts it with Play.
    wantsPlay.current = !prefersReducedMotion() && !savesData() && localStorage.getItem(STORAGE_KEY) !== 'paused';

    const save = () => localStorage.setItem(STORAGE_KEY, wantsPlay.current ? 'playing' : 'paused');
    window.addEventListener('pagehide', save);

    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (!entry.isIntersecting) video.pause();
        else if (entry.intersectionRatio >= 0.99 && wantsPlay.current && video.paused) start(video, wantsPlay);
        setSettled(true);
      },
      { threshold: [0, 0.99, 1] },
    );
    // The page's own images and scripts come first: the loop's download starts once the page has loaded.
    const watch = () => observer.observe(video);
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });

    return () => {
      observer.disconnect();
      window.removeEventListener('load', watch);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      wantsPlay.current = true;
      video.muted = false;
      setMuted(false);
      start(video, wantsPlay);
    } else {
      wantsPlay.current = false;
      video.pause();
    }
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  };

  return (
    <div className={styles.stage} data-settled={settled}>
      {poster}
      <video
        ref={videoRef}
        className={styles.video}
        src={videoSrc}
        aria-label={videoLabel}
        muted={muted}
        loop
        playsInline
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <div className={styles.scrim} aria-hidden="true" />
      <div className={styles.content}>
        {children}
        <div className={styles.controls}>
          <button type="button" className={`${button.button} ${button.primary}`} onClick={togglePlay}>
            {playing ? <PauseIcon /> : <PlayIcon />}
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${styles.moreInfo}`}
            aria-expanded={infoOpen}
            aria-controls={infoId}
            onClick={() => setInfoOpen((open) => !open)}
          >
            <InfoIcon />
            Mais Informações
          </button>
          <button type="button" className={`${button.button} ${button.secondary} ${button.icon}`} aria-pressed={!muted} onClick={toggleMute}>
            {muted ? <VolumeOffIcon /> : <VolumeOnIcon />}
            <span className="visually-hidden">Sound</span>
          </button>
        </div>
        <p id={infoId} className={styles.info} hidden={!infoOpen}>
          {description}
        </p>
      </div>
    </div>
  );
}
