import { createContext, useContext } from 'react';

/**
 * Opens the phone's preview of the editor screen around it (components/preview-layout.tsx), or
 * null outside one. The save bar offers it while it covers the screen's own 'Preview' bar.
 */
export const PreviewOpener = createContext<(() => void) | null>(null);

export const usePreviewOpener = () => useContext(PreviewOpener);
