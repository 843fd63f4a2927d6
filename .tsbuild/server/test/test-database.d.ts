export declare function testDatabaseKind(): 'sqlite' | 'postgres';
export declare function adminUrl(): string;
export declare function databaseUrl(name: string): string;
