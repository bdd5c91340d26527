/**
 * PrimeReact for the screens that use it: the Lara theme, our colour and layout rules over it, and global
 * pass-through props that give its components the names and roles assistive technology needs. Every
 * island (or page) with PrimeReact components imports this module, so the ~220 KB theme comes with those
 * screens and the chrome alone (ConsoleLayout) does not load it.
 */
import 'primereact/resources/themes/lara-light-blue/theme.css';
import '../../styles/prime-all.css';
import PrimeReact from 'primereact/api';

PrimeReact.pt = {
  dropdown: {
    // The native <select> kept for forms duplicates the focusable combobox and has no name: hide it
    // from assistive technology (it is never focusable). The arrow beside the box is decoration.
    select: { 'aria-hidden': 'true' },
    trigger: { 'aria-hidden': 'true' },
  },
  datatable: {
    // A table wider than its card scrolls inside it: keyboard users must be able to scroll it too.
    wrapper: { tabIndex: 0 },
  },
};
