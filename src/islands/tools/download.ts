/** Saves bytes or text as a file through a temporary object URL: nothing is sent anywhere. */
export function downloadBlob(data: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name without its extension. */
export const stem = (name: string) => name.replace(/\.[^.]+$/, '') || 'data';
