// The .shc constraint language (shared/spec/language.md). The AST is built by
// org.shapeforge.lang.AstBuilder; well-formedness (names, ranges, literal sizes)
// is checked there, so the grammar stays permissive where a precise message helps.
grammar Shc;

// ---- entry points -------------------------------------------------------------

problem         : sep* (statement (sep+ statement)*)? sep* EOF ;
dimEntry        : NL* dim NL* EOF ;
rowEntry        : NL* row NL* EOF ;
constraintEntry : NL* constraint NL* EOF ;
assignmentEntry : NL* (binding (',' binding)*)? NL* EOF ;

sep       : NL | ';' ;
binding   : ident '=' dim        # dimBinding
          | ROWVAR '=' row       # rowBinding
          ;

statement : declaration | expectation | constraint ;

// ---- declarations (Def. 6.1) ---------------------------------------------------

declaration : kind=('leaf' | 'param' | 'discardable' | 'dynamic') declVar (',' declVar)* ;
declVar     : ident | ROWVAR ;

// ---- expectations --------------------------------------------------------------

expectation
    : 'expect' engine ':' verdict          # expectVerdict
    | 'expect' 'closed' constraint         # expectClosed
    | 'expect' 'entails' constraint        # expectEntails
    | 'expect' 'principal' ':' yn=('yes' | 'no')  # expectPrincipal
    ;
engine  : 'native' | 'complete' | 'flat' | 'marked' | 'rigid' | 'content' ;
verdict : 'sat'                                        # verdictSat
        | 'unsat'                                      # verdictUnsat
        | 'unknown'                                    # verdictUnknown
        | 'fail' kind=('policy' | 'semantic')? STRING? # verdictFail
        ;

// ---- constraints ---------------------------------------------------------------

constraint
    : dim '=' dim                                         # dimEq
    | dim '<=' dim                                        # dimLe
    | row '~' row                                         # rowEq
    | row '<=' one=INT? row                               # rowLe
    | 'total' '(' rowList ')' '=' totalNum                # total
    | 'exact' '(' rowList ')' '=' '[' dimList? ']'        # exact
    | sizeSum rel sizeSum                                 # sizeRel
    | sizeSum 'in' signedInt '..' signedInt               # sizeIn
    | 'likely' '(' dim ')' '=' '{' (signedInt (',' signedInt)*)? '}'  # likely
    ;
rowList  : row (',' row)* ;
totalNum : coeff=INT ('*' ident ('/' denom=INT)?)? ('/' '{' dimList? '}')? ;
rel      : '==' | '!=' | '<' | '<=' | '>' | '>=' ;

// Size expressions: + - below * %, all left-associative; % takes a literal modulus.
sizeSum    : sizeTerm (addOp sizeTerm)* ;
addOp      : '+' | '-' ;
sizeTerm   : sizeFactor (sizeMul)* ;
sizeMul    : '*' sizeFactor | '%' INT ;
sizeFactor : signedInt                       # sizeLit
           | 'size' '(' (dim | row) ')'      # sizeOf
           | '(' sizeSum ')'                 # sizeParen
           ;
signedInt  : '-'? INT ;

// ---- terms (Defs. 1.1, 2.1, 2.12, 3.1) -----------------------------------------

dim     : dimAtom ('^' dimAtom)* ;
dimAtom : INT (':' ident)?                              # dimNumber
        | 'affine' '(' dim (',' affineArg)* ')'          # dimAffine
        | ident                                          # dimVar
        | '(' dim ')'                                    # dimParen
        ;
affineArg : key=('stride' | 'kernel' | 'dilation' | 'padding' | 'offset') '=' (word=('same' | 'valid') | dim) ;

row     : '!' bracket                                    # rigidRow
        | lead=bracket? marker trail=bracket?            # markedRow
        | bracket                                        # literalRow
        ;
bracket : '[' dimList? ']' ;
marker  : MARKER | ROWVAR ;
dimList : dim (',' dim)* ;

// Keywords are reserved only where they introduce syntax: everywhere a name is
// expected, any keyword is an ordinary identifier.
ident : ID | 'affine' | 'stride' | 'kernel' | 'dilation' | 'padding' | 'offset' | 'same' | 'valid'
      | 'total' | 'exact' | 'size' | 'in' | 'likely' | 'leaf' | 'param' | 'discardable' | 'dynamic'
      | 'expect' | 'closed' | 'entails' | 'principal' | 'yes' | 'no' | 'native' | 'complete'
      | 'flat' | 'marked' | 'rigid' | 'content' | 'sat' | 'unsat' | 'unknown' | 'fail'
      | 'policy' | 'semantic'
      ;

// ---- lexer ---------------------------------------------------------------------

MARKER  : '<>' ;
ROWVAR  : '<' NAME '>' ;
INT     : [0-9]+ ;
ID      : NAME ;
STRING  : '"' (~["\\\r\n] | '\\' ["\\])* '"' ;
NL      : '\r'? '\n' | '\r' ;
COMMENT : '#' ~[\r\n]* -> channel(HIDDEN) ;
WS      : [ \t\f]+ -> skip ;

fragment NAME : [\p{L}_] [\p{L}\p{Nd}_']* ;
