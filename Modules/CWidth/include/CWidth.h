int kumiki_wcwidth(unsigned int c);
