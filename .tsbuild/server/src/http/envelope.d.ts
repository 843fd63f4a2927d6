/** The success envelope (DESIGN.md §5). Errors get theirs from the error handler. */
export declare function ok<T>(payload: T): {
    code: 'ok';
    payload: T;
};
