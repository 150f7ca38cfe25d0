export { arlonPlugin as default } from './plugin';
