// Counting words on the booklist pages: "1 book", "5 books".
export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
