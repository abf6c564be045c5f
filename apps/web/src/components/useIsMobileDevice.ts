// Whether this device counts as mobile for the editors (device.ts), kept up to date on resize.
import { useEffect, useState } from 'react';
import { isMobileDevice, readDeviceTraits } from './device.ts';

/** True while the editors should show 'Editor is not supported on mobile devices'. */
export function useIsMobileDevice(): boolean {
  const [mobile, setMobile] = useState(() => isMobileDevice(readDeviceTraits()));
  useEffect(() => {
    const update = () => setMobile(isMobileDevice(readDeviceTraits()));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return mobile;
}
