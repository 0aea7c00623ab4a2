/** Whether the visitor asked their system for less motion: decoration then waits, and movement is instant. */
export const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
