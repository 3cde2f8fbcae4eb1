// Entry of the web table (bundled by server/web.ts).
import { h, render } from 'preact';
import { App } from './app.ts';

render(h(App, null), document.getElementById('app')!);
