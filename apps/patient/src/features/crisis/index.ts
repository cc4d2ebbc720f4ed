// Crisis help, everywhere: the header's "Get help now" and the crisis panel (@tend/domain/crisis), in the
// app's entry so it works offline and with the server down.
export { GetHelpButton } from './GetHelpButton.tsx';
