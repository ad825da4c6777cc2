// The report module's types and operations (being written).
export {};
