import { useCallback, useState } from 'react';

/** Zoom (fit to width = 1), rotation in quarter turns. */
export function useImageView() {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const zoomIn = useCallback(() => setZoom((z) => Math.min(4, Math.round((z + 0.25) * 100) / 100)), []);
  const zoomOut = useCallback(() => setZoom((z) => Math.max(0.25, Math.round((z - 0.25) * 100) / 100)), []);
  const rotate = useCallback(() => setRotation((r) => (r + 90) % 360), []);
  const fit = useCallback(() => { setZoom(1); setRotation(0); }, []);
  return { zoom, rotation, zoomIn, zoomOut, rotate, fit };
}

export type ImageView = ReturnType<typeof useImageView>;
