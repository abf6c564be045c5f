// Ranking what the quick search finds in the browser (screens by their labels): every typed word must
// start a word of the label, or the whole text appear in it; a label starting with the text ranks first.
export function screenScore(label: string, text: string): number {
  const query = text.trim().toLowerCase();
  if (!query) return 0;
  const name = label.toLowerCase();
  if (name === query) return 3;
  if (name.startsWith(query)) return 2;
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const typed = query.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (typed.length > 0 && typed.every((t) => words.some((w) => w.startsWith(t)))) return 1.5;
  return name.includes(query) ? 1 : 0;
}
