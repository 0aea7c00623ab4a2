import { Svg, type IconProps } from '../ui/icons';

/** Drawn only inside the player, so it lives beside it: the page's first script (ui/icons) does not carry it. */
export const CaptionsIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="M10.5 10.2a2.2 2.2 0 1 0 0 3.6M17 10.2a2.2 2.2 0 1 0 0 3.6" />
  </Svg>
);
