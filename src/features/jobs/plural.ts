// Counts in words for the jobs' messages: "1 flight", "3 flights".
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
