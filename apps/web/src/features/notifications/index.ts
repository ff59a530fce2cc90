export { NotificationBellSlot } from './components/NotificationBellSlot';
export { NotificationSettings } from './components/NotificationSettings';
