/** Entry point of the dashboard bundle (dist/ui/app.js). */
import { render } from 'preact';
import { App } from './app';

const root = document.getElementById('app');
if (root) render(<App />, root);
