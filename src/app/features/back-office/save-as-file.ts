/**
 * Hands a fetched file to the browser as a download under the given name. The back office's
 * files (QR sheets, the venue file) need the staff tokens, so a plain link cannot fetch them: they
 * are read with the tokens first and saved from a Blob URL.
 */
export function saveAsFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address is freed after it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
