// The review module's types and operations (being written).
export {};
