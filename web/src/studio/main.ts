// Entry of the studio page (bundled by server/studio.ts, served by `npm start` only).
import { h, render } from 'preact';
import { StudioPage } from './studio.ts';

render(h(StudioPage, null), document.getElementById('studio')!);
