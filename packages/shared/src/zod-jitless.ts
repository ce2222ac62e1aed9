import { z } from 'zod';

// The web app's Content-Security-Policy forbids eval: zod's fast path compiles parsers with new Function, and even
// its probe for that is reported as a violation. Imported first by the web app's entry.
z.config({ jitless: true });
