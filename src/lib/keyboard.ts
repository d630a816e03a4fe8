/** Single-key shortcuts stay quiet while the seller types in a field (a date picker's sections included). */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'spinbutton')
  );
}
