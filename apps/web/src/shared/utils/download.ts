/** Saves `content` as a file named `fileName` through a temporary object URL (no server round trip). */
export function downloadFile(fileName: string, content: BlobPart, type: string): void {
  const blob = new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke on the next turn: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a value as pretty-printed JSON. */
export function downloadJson(fileName: string, value: unknown): void {
  downloadFile(fileName, `${JSON.stringify(value, null, 2)}\n`, 'application/json');
}

/** A file name part without characters file systems refuse. */
export const fileNamePart = (text: string) =>
  text
    .replace(/[\\/:*?"<>|\s]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'export';
