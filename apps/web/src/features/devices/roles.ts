import { role } from '../../app/session/storage';

/** Provider admins and service engineers issue keys, assign devices and record tube swaps (the server checks too). */
export const isDeviceAdmin = () => {
  const r = role();
  return r === 'provider_admin' || r === 'service';
};
