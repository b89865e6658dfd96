import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

export interface NoticesHostProps {
  /** the end of the top edge the notifications stack at (the left in a right-to-left language) */
  position: 'top-left' | 'top-right';
}

/** Mantine's notifications, drawn: the chunk Notices.tsx fetches with the first one. */
export default function NoticesHost({ position }: NoticesHostProps) {
  return <Notifications position={position} zIndex={300} />;
}
