// The update-request module's types and operations (being written).
export {};
