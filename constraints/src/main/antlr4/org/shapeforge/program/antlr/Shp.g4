// Tensor programs (.shp, shared/spec/programs.md). The AST is built by
// org.shapeforge.program.ProgramParser; spec strings are parsed separately
// (org.shapeforge.program.spec.SpecParser: OCANNL's einsum notation).
grammar Shp;

program   : sep* (statement (sep+ statement)*)? sep* EOF ;
sep       : NL | ';' ;

statement : name=ID '=' expr captures?                 # assign
          | name=ID ':=' expr                          # update
          | 'set' label=ID '=' INT                     # setLabel
          | 'set_equal' left=ID right=ID               # setEqual
          | 'dynamic' ID (',' ID)*                     # dynamicDecl
          | dname=ID 'in' lo=INT '..' hi=INT             # dimRange
          | dname=ID '%' mod=INT '==' rem=INT            # dimMod
          | 'likely' '(' dname=ID ')' '=' '{' INT (',' INT)* '}'   # dimLikely
          ;
captures  : 'capture' ID (',' ID)* ;

// * *. / bind tighter than + -; both left-associative.
expr      : expr op=('*' | '*.' | '/') expr            # mulExpr
          | expr op=('+' | '-') expr                   # addExpr
          | '(' expr ')'                               # parenExpr
          | kind=('data' | 'param') '(' (kwarg (',' kwarg)*)? ')'   # terminal
          | 'scalar'                                   # scalarExpr
          | fn=ID '(' (arg (',' arg)*)? ')'            # call
          | ID                                         # ref
          ;
arg       : expr | STRING | neg='-'? INT ;   // a negative integer: an axis from the right (truncate)
kwarg     : key=ID '=' ('[' (dim (',' dim)*)? ']' | INT) ;
dim       : INT (':' ID)? | ID ;

ID      : [a-zA-Z] [a-zA-Z0-9_]* ;
INT     : [0-9]+ ;
STRING  : '"' (~["\\\r\n] | '\\' ["\\])* '"' ;
NL      : '\r'? '\n' | '\r' ;
COMMENT : '#' ~[\r\n]* -> channel(HIDDEN) ;
WS      : [ \t\f]+ -> skip ;
