import { Svg, type IconProps } from '../ui/icons';

// Not in ui/icons.tsx: that module is in every page's browser code (the header's icons), and this one is drawn only
// by server markup and the share dialog.
export const ShareIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 3.5v11M7.5 8 12 3.5 16.5 8M5 12.5V19a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-6.5" />
  </Svg>
);
