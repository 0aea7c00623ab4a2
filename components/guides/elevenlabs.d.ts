import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// The voice widget's custom element, defined by its external script.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'elevenlabs-convai': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { 'agent-id': string };
    }
  }
}
