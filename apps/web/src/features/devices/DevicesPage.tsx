import { useSearchParams } from 'react-router';
import { DeviceListPage } from './DeviceListPage';
import { DevicePage } from './DevicePage';

/** device-details: the device list, or one device with ?deviceId= (product §2 route table). */
export default function DevicesPage() {
  const [params] = useSearchParams();
  const deviceId = Number(params.get('deviceId'));
  if (Number.isInteger(deviceId) && deviceId > 0) return <DevicePage key={deviceId} deviceId={deviceId} />;
  return <DeviceListPage />;
}
