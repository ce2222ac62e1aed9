import { useState } from 'react';
import { DefaultLogo } from '@/components/DefaultLogo';
import { STORAGE_KEYS, storage } from '@/utils/storage';

/** The school's logo if one is set (user info or stored schoolLogo), else the default logo. */
export function SchoolLogo({ src, size = 36 }: { src?: string | null; size?: number }) {
  const url = src ?? storage.get(STORAGE_KEYS.schoolLogo);
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) return <DefaultLogo size={size} />;
  return <img src={url} alt="学校标志" width={size} height={size} style={{ objectFit: 'contain', borderRadius: 6 }} onError={() => setBroken(url)} />;
}

export default SchoolLogo;
